# label: ok
# flax-error: none
# class: 5 a wave source built by the advisor's source factory gives one key before the loop; the key is threaded through the while_loop carry and split at each wave train
"""Heel forecast for ships waiting at the harbour's outer anchorage: the heel model is sampled for
several synthetic wave trains to give the pilots a range of expected heel angles."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


@dataclass(frozen=True)
class AnchorageConfig:
    wave_components: int = 4
    trains: int = 5
    wave_scale: float = 0.4
    seed: int = 17


class WaveSource(nnx.Module):
    def __init__(self, scale: float, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def key(self):
        return self.rngs.swell()

    def wave_train(self, key, shape):
        return self.scale * jax.random.normal(key, shape)


class HeelModel(nnx.Module):
    def __init__(self, cfg: AnchorageConfig, rngs: nnx.Rngs):
        self.response = nnx.Linear(cfg.wave_components, 1, rngs=rngs)

    def __call__(self, sea_state):
        return 12.0 * nnx.tanh(self.response(sea_state))[..., 0]


def wave_source_factory(cfg: AnchorageConfig):
    def build():
        return WaveSource(cfg.wave_scale, nnx.Rngs(swell=cfg.seed))
    return build


class HeelAdvisor:
    def __init__(self, cfg: AnchorageConfig, model: HeelModel):
        self.cfg = cfg
        self.model = model
        self.new_source = wave_source_factory(cfg)

    def heel_range(self, mean_sea):
        n = self.cfg.trains
        source = self.new_source()

        def next_train(state):
            i, key, heels = state
            key, train_key = jax.random.split(key)
            heel = self.model(mean_sea + source.wave_train(train_key, mean_sea.shape))
            return i + 1, key, heels.at[i].set(heel)

        start = (0, source.key(), jnp.zeros((n,)))
        _, _, heels = while_loop(lambda state: state[0] < n, next_train, start)
        return heels


def main():
    cfg = AnchorageConfig()
    advisor = HeelAdvisor(cfg, HeelModel(cfg, nnx.Rngs(0)))
    return advisor.heel_range(jnp.array([0.3, 0.1, -0.2, 0.05]))
