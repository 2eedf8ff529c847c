# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 64 (256 B)
# class: 2 (model, optimizer) are split before the raw fori_loop but the body merges the closed-over state instead of a carried one
"""Full-batch regression trained with nnx.Optimizer and an optax chain, the step loop moved into lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 64, rngs=rngs)
        self.norm = nnx.LayerNorm(64, rngs=rngs)
        self.out = nnx.Linear(64, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.hidden(x))))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def fit(model, optimizer, x, y, num_steps):
    graphdef, state = nnx.split((model, optimizer))

    def body(i, total):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return total + loss

    total = jax.lax.fori_loop(0, num_steps, body, jnp.float32(0.0))
    return total / num_steps


def main():
    model = Regressor(3, 1, rngs=nnx.Rngs(0))
    tx = optax.chain(
        optax.clip_by_global_norm(1.0),
        optax.adamw(optax.warmup_cosine_decay_schedule(0.0, 3e-3, 5, 50), weight_decay=1e-4),
    )
    optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
    x = jax.random.normal(jax.random.PRNGKey(0), (64, 3))
    y = jnp.sin(x).sum(-1, keepdims=True)
    avg_loss = fit(model, optimizer, x, y, num_steps=50)
    avg_loss.block_until_ready()
    return None
