# label: same-values
# flax-error: none
# class: 4 key from make_rng is bound into the scan body with functools.partial and reused at every step
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class EventCameraConfig:
    width: int = 16
    n_bins: int = 6
    noise_std: float = 0.05


class TimeSurface(nn.Module):
    cfg: EventCameraConfig

    def setup(self):
        self.decay_logit = self.param("decay_logit", nn.initializers.constant(2.0), (self.cfg.width,))
        self.contrast = nn.Dense(self.cfg.width)

    def _integrate(self, surface, events, decay, key):
        shot = self.cfg.noise_std * jax.random.normal(key, surface.shape)
        surface = decay * surface + events + shot
        return surface, shot

    def __call__(self, event_bins, add_noise: bool = True):
        decay = nn.sigmoid(self.decay_logit)
        key = self.make_rng("shot_noise") if add_noise else jax.random.key(0)
        body = functools.partial(self._integrate, decay=decay, key=key)
        surface, shots = scan(body, jnp.zeros((self.cfg.width,)), event_bins)
        return nn.tanh(self.contrast(surface)), shots


class EventPipeline:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = TimeSurface(cfg)
        self.seed = seed
        self.variables = None

    def calibrate(self, event_bins):
        self.variables = self.model.init(jax.random.key(self.seed), event_bins, add_noise=False)

    def simulate(self, event_bins, key):
        return self.model.apply(self.variables, event_bins, rngs={"shot_noise": key})


def bin_events(cfg, key):
    polarity = jax.random.choice(key, jnp.array([-1.0, 0.0, 1.0]), (cfg.n_bins, cfg.width))
    return polarity


def main():
    cfg = EventCameraConfig()
    pipeline = EventPipeline(cfg)
    event_bins = bin_events(cfg, jax.random.key(1))
    pipeline.calibrate(event_bins)
    _, shots = pipeline.simulate(event_bins, jax.random.key(2))
    return shots
