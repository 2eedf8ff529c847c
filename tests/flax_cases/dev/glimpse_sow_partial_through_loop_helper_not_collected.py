# label: ok
# flax-error: none
# class: 4 functools.partial(glimpse_step, glimpse, core) run by the run_time_major loop helper; the Glimpse submodule sows its saliency inside the scan body, and no apply collects it
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


def run_time_major(step_fn, carry, xs):
    return jax.lax.scan(step_fn, carry, jnp.swapaxes(xs, 0, 1))


class Glimpse(nn.Module):
    @nn.compact
    def __call__(self, h, frame):
        saliency = jax.nn.sigmoid(nn.Dense(1)(jnp.concatenate([h, frame], -1))).squeeze(-1)
        self.sow("intermediates", "saliency", saliency)
        return frame * saliency[:, None]


def glimpse_step(glimpse, core, h, frame):
    h, out = core(h, glimpse(h, frame))
    return h, out


class Tracker(nn.Module):
    @nn.compact
    def __call__(self, frames):
        glimpse = Glimpse()
        core = nn.GRUCell(6)
        h0 = jnp.zeros((frames.shape[0], 6))
        step = functools.partial(glimpse_step, glimpse, core)
        if self.is_initializing():
            step(h0, frames[:, 0])
        return run_time_major(step, h0, frames)


def main():
    frames = jax.random.normal(jax.random.key(0), (2, 5, 6))
    model = Tracker()
    params = model.init(jax.random.key(1), frames)["params"]
    h, outs = model.apply({"params": params}, frames)
    print(float(outs.mean()))
    return None
