# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step(model, optimizer) returns a step closure that computes grads with jax.value_and_grad and calls optimizer.update(model, grads); the scan body is that closure
"""Training an NNX model with plain jax.grad and a step function built by a factory, run by lax.scan.

Modelled on code that avoids NNX transforms by differentiating a pure function of the params and
then updating the captured nnx.Optimizer inside a scan over minibatches.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def make_train_step(model, optimizer):
    graphdef, _ = nnx.split(model)

    def pure_loss(params, x, y):
        m = nnx.merge(graphdef, params)
        logits = m(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def train_step(carry, batch):
        x, y = batch
        params = nnx.state(model, nnx.Param)
        loss, grads = jax.value_and_grad(pure_loss)(params, x, y)
        optimizer.update(model, grads)
        return carry + 1, loss

    return train_step


def main():
    model = MLP(4, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (5, 8, 4))
    ys = jax.random.randint(jax.random.key(1), (5, 8), 0, 3)
    step = make_train_step(model, optimizer)
    n, losses = jax.lax.scan(step, 0, (xs, ys))
    print(n, losses)
    return None


if __name__ == "__main__":
    main()
