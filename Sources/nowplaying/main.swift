import NowPlaying
NowPlayingCommand.main()
