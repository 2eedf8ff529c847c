# label: ok
# flax-error: none
# class: 4 an nnx.jit forecast function runs a fori_loop whose body calls model.step, reaching BatchNorm and Dropout that the forecaster switched to eval mode
"""Weather nowcasting in NNX: a convolutional recurrent forecaster rolled out for several lead times."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class NowcastConfig:
    grid: int = 8
    features: int = 8
    lead_steps: int = 4
    dropout: float = 0.1


class ConvGRUCell(nnx.Module):
    def __init__(self, cfg, rngs):
        c = cfg.features
        self.gates = nnx.Conv(1 + c, 2 * c, (3, 3), rngs=rngs)
        self.cand = nnx.Conv(1 + c, c, (3, 3), rngs=rngs)
        self.norm = nnx.BatchNorm(c, momentum=0.9, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)

    def __call__(self, h, x):
        z, r = jnp.split(nnx.sigmoid(self.gates(jnp.concatenate([x, h], -1))), 2, -1)
        cand = self.drop(jnp.tanh(self.norm(self.cand(jnp.concatenate([x, r * h], -1)))))
        return (1 - z) * h + z * cand


class Nowcaster(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.cell = ConvGRUCell(cfg, rngs)
        self.to_rain = nnx.Conv(cfg.features, 1, (1, 1), rngs=rngs)

    def step(self, frame, h):
        h = self.cell(h, frame)
        return nnx.softplus(self.to_rain(h)), h


@nnx.jit
def forecast(model, frame):
    h = jnp.zeros(frame.shape[:-1] + (model.cfg.features,))
    out = jnp.zeros((model.cfg.lead_steps,) + frame.shape)

    def lead(i, state):
        frame, h, out = state
        frame, h = model.step(frame, h)
        return frame, h, out.at[i].set(frame)

    return jax.lax.fori_loop(0, model.cfg.lead_steps, lead, (frame, h, out))[2]


class Forecaster:
    def __init__(self, cfg, seed=0):
        self.model = Nowcaster(cfg, nnx.Rngs(seed))

    def predict(self, frame):
        self.model.eval()
        return forecast(self.model, frame)


def main():
    cfg = NowcastConfig()
    frame = jax.random.uniform(jax.random.key(1), (2, cfg.grid, cfg.grid, 1))
    rain = Forecaster(cfg).predict(frame)
    rain.block_until_ready()
    return None
