# label: ok
# flax-error: none
# class: 2 the scan body merges model and optimizer from the carry and returns their state, which train() writes back with nnx.update after the loop
"""Training an NNX BatchNorm regressor with nnx.Optimizer inside a raw jax.lax.scan over batches.

Twin of h196_nnx_bn_nonlocal: after the loop the model is updated from the final carry.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train(model, optimizer, xs, ys):
    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        m, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m, *batch)
        opt.update(m, grads)
        return nnx.state((m, opt)), loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    model = Regressor(3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (5, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    losses = train(model, optimizer, xs, ys)
    model.eval()
    print(losses, model(xs[0]).mean())
    return None


if __name__ == "__main__":
    main()
