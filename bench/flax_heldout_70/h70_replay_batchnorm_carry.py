# label: ok
# flax-error: none
# class: 5 module-level rehearsal function passes params as a closure and batch_stats through the lax.scan carry, applying with mutable batch_stats each step
"""Rehearsal pass over a replay buffer for a continual learner with BatchNorm (Linen).

Before consolidating a task, the buffer is streamed through the network in train mode so that
the BatchNorm running statistics reflect old tasks too. The running statistics travel in the
scan carry and come back out of it.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Learner(nn.Module):
    hidden: int = 16
    n_classes: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.n_classes)(x)


def rehearse(model, variables, buffer_chunks):
    params = variables["params"]

    def chunk_step(carry, xy):
        loss, batch_stats = carry
        x, y = xy
        logits, updates = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                      train=True, mutable=["batch_stats"])
        nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1).mean()
        return (loss + nll, updates["batch_stats"]), None

    (total, new_stats), _ = lax.scan(chunk_step, (jnp.zeros(()), variables["batch_stats"]), buffer_chunks)
    return total, new_stats


def main():
    model = Learner()
    xs = jax.random.normal(jax.random.PRNGKey(1), (3, 8, 6))
    ys = jnp.zeros((3, 8), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    total, stats = rehearse(model, variables, (xs, ys))
    variables = {"params": variables["params"], "batch_stats": stats}
    logits = model.apply(variables, xs[0], train=False)
    print(total, logits.shape)
    return None
