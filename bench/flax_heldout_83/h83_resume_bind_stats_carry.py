# label: ok
# flax-error: none
# class: 5 the restored batch statistics enter and leave the while_loop body through the carry (apply with mutable)
"""Job runner that resumes a training job from a saved state object: the remaining warm-up steps
refresh the batch statistics with jax.lax.while_loop, carrying them, before the state is saved."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(12)(x)
        x = nn.BatchNorm(use_running_average=False, momentum=0.8)(x)
        return nn.Dense(2)(nn.tanh(x))


@dataclasses.dataclass
class SavedState:
    step: int
    variables: dict


class JobRunner:
    def __init__(self, model, saved: SavedState, total_steps: int):
        self.model = model
        self.saved = saved
        self.total_steps = total_steps

    def resume(self, data):
        params = self.saved.variables["params"]

        def cond(carry):
            return carry[0] < self.total_steps

        def body(carry):
            step, acc, stats = carry
            out, upd = self.model.apply({"params": params, "batch_stats": stats},
                                        data[step % data.shape[0]], mutable=["batch_stats"])
            return step + 1, acc + out.mean(), upd["batch_stats"]

        init = (jnp.asarray(self.saved.step), 0.0, self.saved.variables["batch_stats"])
        step, _, stats = jax.lax.while_loop(cond, body, init)
        self.saved = SavedState(int(step), {"params": params, "batch_stats": stats})
        return self.saved


def checksum(tree):
    return sum(jnp.sum(jnp.abs(leaf)) for leaf in jax.tree.leaves(tree))


def main():
    model = Tower()
    variables = model.init(jax.random.key(0), jnp.zeros((8, 6)))
    runner = JobRunner(model, SavedState(step=3, variables=variables), total_steps=10)
    data = jax.random.normal(jax.random.key(1), (5, 8, 6))
    saved = runner.resume(data)
    checksum(saved.variables["batch_stats"]).block_until_ready()
    return None
