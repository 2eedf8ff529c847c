# label: ok
# flax-error: none
# class: 3 NNX full-batch regression trained with nnx.fori_loop; model and optimizer passed as the loop state
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def fit(model, optimizer, x, y, steps):
    def body(i, state):
        model, optimizer = state
        grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        return model, optimizer

    return nnx.fori_loop(0, steps, body, (model, optimizer))


def main():
    model = Net(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 2))
    y = x[:, :1] * x[:, 1:]
    model, optimizer = fit(model, optimizer, x, y, 20)
    print(jnp.mean((model(x) - y) ** 2))
    return None
