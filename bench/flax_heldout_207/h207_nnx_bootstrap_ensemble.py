# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body builds each member with the factory functools.partial(MLP, ...), fits it, and appends it to the enclosing list `members`
"""A bootstrap ensemble of NNX MLPs: one scan step per member, each built from its own seed,
fitted on a bootstrap resample for a few SGD steps and kept for prediction."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

MEMBERS, FIT_STEPS = 4, 5


class MLP(nnx.Module):
    def __init__(self, din: int, dhidden: int, dout: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def fit(member, x, y):
    def loss_fn(member):
        return jnp.mean((member(x) - y) ** 2)

    for _ in range(FIT_STEPS):
        grads = nnx.grad(loss_fn)(member)
        params = nnx.state(member, nnx.Param)
        nnx.update(member, jax.tree.map(lambda p, g: p - 0.05 * g, params, grads))
    return loss_fn(member)


def bootstrap_ensemble(x, y):
    make_member = functools.partial(MLP, 2, 16, 1)
    members = []

    def body(carry, key):
        idx = jax.random.randint(key, (x.shape[0],), 0, x.shape[0])
        member = make_member(rngs=nnx.Rngs(params=key))
        loss = fit(member, x[idx], y[idx])
        members.append(member)
        return carry, loss

    keys = jax.random.split(jax.random.key(0), MEMBERS)
    _, losses = jax.lax.scan(body, None, keys)
    return members


def main():
    x = jax.random.normal(jax.random.key(1), (24, 2))
    y = x[:, :1] * x[:, 1:]
    members = bootstrap_ensemble(x, y)
    jnp.stack([member(x) for member in members]).mean(axis=0)
    return None


if __name__ == "__main__":
    main()
