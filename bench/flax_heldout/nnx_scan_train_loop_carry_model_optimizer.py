# label: ok
# flax-error: none
# class: 5 NNX training loop with nnx.scan, the model and optimizer passed as the carry
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 2))

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def train(carry, x):
        model, optimizer = carry
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - x[:, :1]) ** 2))(model)
        optimizer.update(model, grads)
        return (model, optimizer), loss

    _, losses = train((model, optimizer), xs)
    print(losses)
