# label: ok
# flax-error: none
# class: 4 augment_views() gets the unbound model, its variables and a key; the fori_loop body calls model.apply(..., method=SpeechFrontend.augment, rngs={'augment': fold_in(key, i)}) so TimeFreqMask's make_rng('augment') gets a fresh key per view
"""Log-mel frontend with SpecAugment for contrastive speech pretraining.

Several augmented views of the same utterance are produced for a
SimCLR-style objective; masks are sampled per view.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class FrontendConfig:
    n_mels: int = 12
    n_frames: int = 10
    proj_dim: int = 8
    freq_mask: int = 3
    time_mask: int = 3
    n_views: int = 4


class TimeFreqMask(nn.Module):
    freq_mask: int
    time_mask: int

    @nn.compact
    def __call__(self, spec):
        rng = self.make_rng("augment")
        kf, kt, kfw, ktw = jax.random.split(rng, 4)
        n_frames, n_mels = spec.shape
        f_width = jax.random.randint(kfw, (), 1, self.freq_mask + 1)
        f0 = jax.random.randint(kf, (), 0, n_mels - self.freq_mask)
        t_width = jax.random.randint(ktw, (), 1, self.time_mask + 1)
        t0 = jax.random.randint(kt, (), 0, n_frames - self.time_mask)
        mel = jnp.arange(n_mels)
        frame = jnp.arange(n_frames)
        fmask = (mel >= f0) & (mel < f0 + f_width)
        tmask = (frame >= t0) & (frame < t0 + t_width)
        return jnp.where(fmask[None, :] | tmask[:, None], 0.0, spec)


class SpeechFrontend(nn.Module):
    cfg: FrontendConfig

    def setup(self):
        self.norm = nn.LayerNorm()
        self.masker = TimeFreqMask(self.cfg.freq_mask, self.cfg.time_mask)
        self.proj = nn.Dense(self.cfg.proj_dim)

    def augment(self, log_mel):
        return self.masker(self.norm(log_mel))

    def __call__(self, log_mel):
        return self.proj(self.augment(log_mel)).mean(0)


def augment_views(model, variables, key, log_mel, n_views):
    views = jnp.zeros((n_views, *log_mel.shape))

    def body(i, views):
        view = model.apply(variables, log_mel, method=SpeechFrontend.augment,
                           rngs={"augment": jax.random.fold_in(key, i)})
        return views.at[i].set(view)

    return jax.lax.fori_loop(0, n_views, body, views)


def main():
    cfg = FrontendConfig()
    model = SpeechFrontend(cfg)
    log_mel = jax.random.normal(jax.random.PRNGKey(1), (cfg.n_frames, cfg.n_mels))
    variables = model.init({"params": jax.random.PRNGKey(0), "augment": jax.random.PRNGKey(2)}, log_mel)
    views = augment_views(model, variables, jax.random.PRNGKey(3), log_mel, cfg.n_views)
    return views
