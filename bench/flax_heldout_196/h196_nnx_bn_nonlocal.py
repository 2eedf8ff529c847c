# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body merges model and optimizer from the carry but also stores the merged model in the nonlocal `trained` of train(), used after the loop
"""Training an NNX BatchNorm regressor with nnx.Optimizer inside a raw jax.lax.scan over batches.

Modelled on NNX training loops that carry the split state through lax.scan but keep a reference
to the model built in the last step to evaluate afterwards.
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
    trained = None

    def body(state, batch):
        nonlocal trained
        m, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m, *batch)
        opt.update(m, grads)
        trained = m
        return nnx.state((m, opt)), loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update(model, nnx.state(trained))
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
