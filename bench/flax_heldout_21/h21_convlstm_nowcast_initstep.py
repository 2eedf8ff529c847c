# label: ok
# flax-error: none
# class: 4 during init the compact ConvLSTM cell and readout run once outside the loops; afterwards functools.partial step functions are the lax.scan bodies
"""ConvLSTM precipitation nowcasting: encode radar frames, then roll the forecast forward."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class NowcastConfig:
    grid: int = 10
    hidden: int = 8
    horizon: int = 4


def _encode_step(cell, carry, frame):
    carry, h = cell(carry, frame)
    return carry, None


def _forecast_step(cell, head, state, _):
    carry, frame = state
    carry, h = cell(carry, frame)
    nxt = nn.softplus(head(h))
    return (carry, nxt), nxt


class Nowcaster(nn.Module):
    cfg: NowcastConfig

    @nn.compact
    def __call__(self, frames):
        # frames: [time, batch, grid, grid, 1] rain-rate fields
        cell = nn.ConvLSTMCell(features=self.cfg.hidden, kernel_size=(3, 3), name="convlstm")
        head = nn.Conv(1, (1, 1), name="readout")
        carry = cell.initialize_carry(jax.random.key(0), frames[0].shape)
        if self.is_initializing():
            _, h = cell(carry, frames[0])
            return jnp.repeat(head(h)[None], self.cfg.horizon, axis=0)
        carry, _ = jax.lax.scan(functools.partial(_encode_step, cell), carry, frames[:-1])
        state = (carry, frames[-1])
        _, future = jax.lax.scan(functools.partial(_forecast_step, cell, head), state,
                                 None, length=self.cfg.horizon)
        return future


def make_eval_fn(model):
    @jax.jit
    def evaluate(variables, frames, target):
        pred = model.apply(variables, frames)
        return jnp.mean((pred - target) ** 2)
    return evaluate


def main():
    cfg = NowcastConfig()
    model = Nowcaster(cfg)
    key_x, key_init = jax.random.split(jax.random.key(0))
    seq = jax.nn.softplus(jax.random.normal(key_x, (9, 2, cfg.grid, cfg.grid, 1)))
    frames, target = seq[:5], seq[5:]
    variables = model.init(key_init, frames)
    mse = make_eval_fn(model)(variables, frames, target)
    print(float(mse))
    return None
