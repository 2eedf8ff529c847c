# label: ok
# flax-error: none
# class: 2 NNX fit() runs several optimizer steps with nnx.fori_loop, model and nnx.Optimizer passed in the loop carry
"""A few SGD steps on-device in NNX: nnx.fori_loop carries (model, optimizer) so that the
optimizer.update and parameter mutations inside the body are propagated back out."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Linear2(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.a = nnx.Linear(3, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.tanh(self.a(x)))


def fit(model, optimizer, x, y, num_steps):
    def body(i, carry):
        model, optimizer = carry

        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        grads = nnx.grad(loss_fn)(model)
        optimizer.update(model, grads)
        return model, optimizer

    nnx.fori_loop(0, num_steps, body, (model, optimizer))
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = Linear2(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jax.random.normal(jax.random.PRNGKey(1), (16, 3))
    y = x[:, :1] * 2.0
    loss = fit(model, optimizer, x, y, 5)
    assert jnp.isfinite(loss)
    return None
