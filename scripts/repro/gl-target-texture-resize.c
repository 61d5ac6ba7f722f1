// Proof that the memory growth the soak sees at window resizes on SDL's OpenGL renderer is not NowPlaying's:
// plain SDL, no Swift. Resizes a window N times, each time replacing a window-sized target texture (as ViewKit's
// frame texture does) — or, with MODE 0, drawing to the window only. On Mesa 22.3.6 (llvmpipe, Debian 12) with
// SDL 2.26.5: MODE 1 grows ~1.8 MB a resize (82 → 629 MiB after 300), MODE 0 stays flat (82 → 97 MiB); a
// texture that only grows (reused while large enough) stays flat too. glibc's malloc settings change nothing.
// Why: SDL's OpenGL renderer keeps a framebuffer for every size of target texture it has made (GL_GetFBO, freed
// only with the renderer), and each keeps the last texture attached to it alive (GL detaches a deleted texture
// only from the bound framebuffer). Variants agree: targets made at new sizes without any resize grow alike;
// targets alternating between two sizes, or new sizes never made the target, stay flat.
//   gcc gl-target-texture-resize.c -o r $(pkg-config --cflags --libs sdl2) && DISPLAY=:N ./r 300 1
#include <SDL2/SDL.h>
#include <stdio.h>
#include <string.h>
static long rss(void){FILE*f=fopen("/proc/self/status","r");char l[256];long k=0;while(fgets(l,256,f))if(!strncmp(l,"VmRSS:",6))sscanf(l+6,"%ld",&k);fclose(f);return k/1024;}
int main(int argc,char**argv){
  int n=argc>1?atoi(argv[1]):300; int useTarget=argc>2?atoi(argv[2]):1;
  SDL_Init(SDL_INIT_VIDEO);
  SDL_Window*w=SDL_CreateWindow("r",0,0,414,736,SDL_WINDOW_RESIZABLE);
  SDL_Renderer*r=SDL_CreateRenderer(w,-1,SDL_RENDERER_ACCELERATED);
  SDL_RendererInfo info; SDL_GetRendererInfo(r,&info);
  SDL_Texture*t=NULL; srand(5);
  printf("renderer %s, start %ld MiB\n",info.name,rss());
  for(int i=0;i<n;i++){
    int W=280+rand()%620,H=440+rand()%560;
    SDL_SetWindowSize(w,W,H); SDL_Event e; while(SDL_PollEvent(&e)){}
    int ow,oh; SDL_GetRendererOutputSize(r,&ow,&oh);
    if(useTarget){ if(t)SDL_DestroyTexture(t); t=SDL_CreateTexture(r,SDL_PIXELFORMAT_ARGB8888,SDL_TEXTUREACCESS_TARGET,ow,oh);
      SDL_SetRenderTarget(r,t); SDL_SetRenderDrawColor(r,i%255,0,0,255); SDL_RenderClear(r); SDL_SetRenderTarget(r,NULL); SDL_RenderCopy(r,t,NULL,NULL);}
    else { SDL_RenderClear(r); }
    SDL_RenderPresent(r);
    if(i%100==99)printf("after %d resizes: %ld MiB\n",i+1,rss());
  }
  return 0;
}
