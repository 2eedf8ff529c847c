# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the EMA copy of the params is a dict local to main() that the scan body reassigns as a side effect
"""Train a small MLP with a raw lax.scan over batches and keep an exponential moving average of
the weights for evaluation (Polyak averaging), as in many diffusion / SSL codebases."""
import jax
import jax.numpy as jnp
from flax import linen as nn
import optax

lax = jax.lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(32)(x))
        return nn.Dense(1)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(0), (10, 16, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    params = model.init(jax.random.key(1), xs[0])["params"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)
    ema = {"params": params, "decay": 0.99}

    def loss_fn(p, x, y):
        return jnp.mean((model.apply({"params": p}, x) - y) ** 2)

    def train_step(carry, batch):
        p, s = carry
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y)
        updates, s = tx.update(grads, s, p)
        p = optax.apply_updates(p, updates)
        ema["params"] = jax.tree.map(lambda e, q: ema["decay"] * e + (1 - ema["decay"]) * q, ema["params"], p)
        return (p, s), loss

    (params, opt_state), losses = lax.scan(train_step, (params, opt_state), (xs, ys))
    eval_loss = loss_fn(ema["params"], xs[0], ys[0])
    print(losses[-1], eval_loss)
    return None
