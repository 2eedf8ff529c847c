# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 module-level rehearsal function binds the model with mutable batch_stats and calls the bound module inside the lax.scan body
"""Rehearsal pass over a replay buffer for a continual learner with BatchNorm (Linen).

Before consolidating a task, the buffer is streamed through the network in train mode so that
the BatchNorm running statistics reflect old tasks too. The helper binds the variables once
and scans over buffer chunks.
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
    bound = model.bind(variables, mutable=["batch_stats"])

    def chunk_step(loss, xy):
        x, y = xy
        logits = bound(x, train=True)
        nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1).mean()
        return loss + nll, None

    total, _ = lax.scan(chunk_step, jnp.zeros(()), buffer_chunks)
    new_stats = bound.variables["batch_stats"]
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
