import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { OAuthProvider } from '@think-tank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import passport from 'passport';
import { Strategy as GitHubStrategy } from 'passport-github2';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import type { User } from '../entities/user.entity';
import { OAuthService, profileFromPassport } from './oauth.service';

type Done = (err: unknown, user?: User | false) => void;

/** Registers the Google and GitHub passport strategies whose credentials are configured. */
@Injectable()
export class OAuthStrategies implements OnModuleInit {
  constructor(private readonly oauth: OAuthService) {}

  onModuleInit() {
    const verify =
      (provider: OAuthProvider) => (_at: string, _rt: string, profile: passport.Profile, done: Done) => {
        this.oauth
          .userFor(provider, profileFromPassport(profile))
          .then((user) => done(null, user ?? false), done);
      };
    const google = this.oauth.endpoints('google');
    if (google)
      passport.use(
        'google',
        new GoogleStrategy(
          {
            clientID: google.clientId,
            clientSecret: google.clientSecret,
            callbackURL: google.callbackUrl,
            authorizationURL: google.authUrl,
            tokenURL: google.tokenUrl,
            userProfileURL: google.profileUrl,
            scope: google.scope,
            store: this.oauth.stateStores.google,
            passReqToCallback: false,
          },
          verify('google'),
        ),
      );
    const github = this.oauth.endpoints('github');
    if (github)
      passport.use(
        'github',
        new GitHubStrategy(
          {
            clientID: github.clientId,
            clientSecret: github.clientSecret,
            callbackURL: github.callbackUrl,
            authorizationURL: github.authUrl,
            tokenURL: github.tokenUrl,
            userProfileURL: github.profileUrl,
            userEmailURL: `${github.profileUrl.replace(/(?<!\/)\/+$/, '')}/emails`,
            allRawEmails: true,
            scope: github.scope,
            store: this.oauth.stateStores.github,
            passReqToCallback: false,
          },
          verify('github'),
        ),
      );
  }

  /**
   * Runs the provider's strategy on its callback: checks `state`, trades the code for a token, reads the profile.
   * Resolves to the local user, or null when anything failed.
   */
  authenticate(provider: OAuthProvider, req: FastifyRequest, reply: FastifyReply): Promise<User | null> {
    const query = req.query as Record<string, unknown>;
    // Without a code passport would start a new authorisation (a redirect through Express' API): refuse instead.
    if (typeof query.code !== 'string' || typeof query.state !== 'string') return Promise.resolve(null);
    return new Promise((resolve) => {
      try {
        passport.authenticate(provider, { session: false }, (err: unknown, user?: User | false) =>
          resolve(err || !user ? null : user),
        )(req, reply, () => resolve(null));
      } catch {
        resolve(null);
      }
    });
  }
}
