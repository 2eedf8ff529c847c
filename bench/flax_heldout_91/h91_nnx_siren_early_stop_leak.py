# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the SIREN's params travel in the raw while_loop carry, but the body also stashes them in an outer dict, and that stash (a loop tracer) is what gets written back with nnx.update
"""Implicit neural representation: fit a small Fourier-feature MLP (Tancik et al. 2020) to a 1-D
signal with plain gradient descent until the loss drops below a tolerance (early stopping)."""
import jax
import jax.numpy as jnp
from flax import nnx


class FourierMLP(nnx.Module):
    def __init__(self, n_freqs=8, hidden=32, *, rngs: nnx.Rngs):
        self.B = nnx.Variable(10.0 * jax.random.normal(rngs.params(), (1, n_freqs)))
        self.l1 = nnx.Linear(2 * n_freqs, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        proj = 2 * jnp.pi * x @ self.B.value
        feats = jnp.concatenate([jnp.sin(proj), jnp.cos(proj)], -1)
        return self.l2(nnx.relu(self.l1(feats)))


def fit_until(model, x, y, lr=1e-2, tol=1e-3, max_iters=30):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)
    fitted = {}

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p, rest)(x) - y) ** 2)

    def cond(carry):
        i, _, loss = carry
        return (i < max_iters) & (loss > tol)

    def body(carry):
        i, params, _ = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        fitted["params"] = params  # keep the latest fit around
        return i + 1, params, loss

    jax.lax.while_loop(cond, body, (0, params, jnp.inf))
    nnx.update(model, fitted["params"])
    return model


def main():
    x = jnp.linspace(0, 1, 64)[:, None]
    y = jnp.sin(6 * jnp.pi * x) * jnp.exp(-2 * x)
    model = fit_until(FourierMLP(rngs=nnx.Rngs(0)), x, y)
    pred = model(x)
    pred.block_until_ready()
    return None
