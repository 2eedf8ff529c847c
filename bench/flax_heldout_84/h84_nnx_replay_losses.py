# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 module-level evaluate_replay() receives the NNX model; the raw fori_loop body appends per-task losses to a Python list read after the loop
"""Continual learning (NNX): measure forgetting on the replay buffer of every earlier task."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class MultiHead(nnx.Module):
    def __init__(self, d, n_tasks, n_classes, *, rngs):
        self.trunk = nnx.Linear(d, 32, rngs=rngs)
        self.heads = nnx.Linear(32, n_tasks * n_classes, rngs=rngs)
        self.n_tasks, self.n_classes = n_tasks, n_classes

    def __call__(self, x, task):
        out = self.heads(nnx.relu(self.trunk(x))).reshape(x.shape[0], self.n_tasks, self.n_classes)
        return out[:, task]


def evaluate_replay(model, buf_x, buf_y):
    per_task = []

    def body(t, acc):
        logits = model(buf_x[t], t)
        loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), buf_y[t][:, None], -1).mean()
        per_task.append(loss)
        return acc + loss

    total = lax.fori_loop(0, buf_x.shape[0], body, 0.0)
    forgetting = jnp.max(jnp.stack(per_task)) - total / buf_x.shape[0]
    return total, forgetting


def main():
    model = MultiHead(6, 3, 4, rngs=nnx.Rngs(0))
    buf_x = jax.random.normal(jax.random.PRNGKey(1), (3, 10, 6))
    buf_y = jax.random.randint(jax.random.PRNGKey(2), (3, 10), 0, 4)
    total, forgetting = evaluate_replay(model, buf_x, buf_y)
    print(float(total), float(forgetting))
    return None
