# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ConvLSTM cells held in a setup list are first called from a helper inside the observe scan of predict(), the init method; the imagine scan of the same init reads the escaped params
"""Video prediction: a stacked ConvLSTM reads context frames, then rolls out future frames."""
import dataclasses
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class VideoConfig:
    height: int = 8
    width: int = 8
    channels: int = 1
    hidden: Sequence[int] = (4, 4)
    context: int = 3
    horizon: int = 4


class ConvLSTMCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, carry, x):
        h, c = carry
        gates = nn.Conv(4 * self.features, (3, 3), padding="SAME")(jnp.concatenate([x, h], axis=-1))
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = nn.sigmoid(f) * c + nn.sigmoid(i) * jnp.tanh(g)
        h = nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h


class FramePredictor(nn.Module):
    cfg: VideoConfig

    def setup(self):
        self.cells = [ConvLSTMCell(f) for f in self.cfg.hidden]
        self.readout = nn.Conv(self.cfg.channels, (1, 1))

    def initial_state(self, batch):
        def zeros(f):
            return jnp.zeros((batch, self.cfg.height, self.cfg.width, f))
        return [(zeros(f), zeros(f)) for f in self.cfg.hidden]

    def _stack_step(self, states, frame):
        new_states, x = [], frame
        for cell, state in zip(self.cells, states):
            state, x = cell(state, x)
            new_states.append(state)
        return new_states, nn.sigmoid(self.readout(x))

    def predict(self, context):
        states = self.initial_state(context.shape[1])

        def observe(states, frame):
            states, _ = self._stack_step(states, frame)
            return states, None

        states, _ = jax.lax.scan(observe, states, context)

        def imagine(carry, _):
            states, frame = carry
            states, frame = self._stack_step(states, frame)
            return (states, frame), frame

        _, future = jax.lax.scan(imagine, (states, context[-1]), None, length=self.cfg.horizon)
        return future


def frame_loss(model, variables, clip, target):
    future = model.apply(variables, clip, method=FramePredictor.predict)
    return jnp.mean((future - target) ** 2)


def main():
    cfg = VideoConfig()
    model = FramePredictor(cfg)
    key_clip, key_init = jax.random.split(jax.random.key(0))
    video = jax.random.uniform(key_clip, (cfg.context + cfg.horizon, 2, cfg.height, cfg.width, cfg.channels))
    clip, target = video[: cfg.context], video[cfg.context:]
    variables = model.init(key_init, clip, method=FramePredictor.predict)
    loss = frame_loss(model, variables, clip, target)
    float(loss)
    return None
