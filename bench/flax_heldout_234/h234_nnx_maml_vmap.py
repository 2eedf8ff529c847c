# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 20 (80 B)
# class: 5 a factory closes over the model; the fori_loop body it returns passes that model to nnx.vmap over a batch of tasks
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class TaskNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Sequential(
            nnx.Linear(1, 20, rngs=rngs), nnx.tanh,
            nnx.Linear(20, 20, rngs=rngs), nnx.tanh,
            nnx.Linear(20, 1, rngs=rngs),
        )

    def __call__(self, x):
        return self.body(x)


def task_batch(key, n_tasks=4, shots=8):
    ka, kp, kx = jax.random.split(key, 3)
    amp = jax.random.uniform(ka, (n_tasks, 1, 1), minval=0.5, maxval=3.0)
    phase = jax.random.uniform(kp, (n_tasks, 1, 1), maxval=jnp.pi)
    x = jax.random.uniform(kx, (n_tasks, shots, 1), minval=-4.0, maxval=4.0)
    return x, amp * jnp.sin(x + phase)


INNER_LR = 0.05


def adapted_loss(model, x, y):
    """First-order MAML: one SGD step on the support half, loss on the query half."""
    xs, xq = jnp.split(x, 2)
    ys, yq = jnp.split(y, 2)
    params = nnx.state(model, nnx.Param)
    graphdef = nnx.graphdef(model)
    support_grad = jax.grad(lambda p: jnp.mean((nnx.merge(graphdef, p)(xs) - ys) ** 2))(params)
    fast = jax.tree.map(lambda p, g: p - INNER_LR * jax.lax.stop_gradient(g), params, support_grad)
    return jnp.mean((nnx.merge(graphdef, fast)(xq) - yq) ** 2)


def make_meta_step(model, xs, ys):
    batched = nnx.vmap(adapted_loss, in_axes=(None, 0, 0))

    def meta_step(i, acc):
        losses = batched(model, xs[i], ys[i])
        return acc + losses.mean()

    return meta_step


def main():
    model = TaskNet(nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(1), 3)
    xs, ys = jax.vmap(task_batch)(keys)
    meta_step = make_meta_step(model, xs, ys)
    total = fori_loop(0, xs.shape[0], meta_step, jnp.array(0.0))
    jax.block_until_ready(total)
    return None
