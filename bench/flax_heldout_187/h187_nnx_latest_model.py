# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the model merged inside the scan body leaves it through trainer.logger.latest (an attribute of a second object) and is used after the loop
"""Functional NNX training loop: the model state rides in the lax.scan carry and is
merged back into a module at every step.  A logger keeps a handle to the most
recent model so it can be evaluated once training is over."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Logger:
    def __init__(self):
        self.latest = None


class Trainer:
    def __init__(self, model, lr=5e-2):
        self.tx = optax.sgd(lr)
        self.graphdef, params = nnx.split(model)
        self.carry = (params, self.tx.init(params))
        self.logger = Logger()

    def train(self, xs, ys):
        def step(carry, batch):
            params, opt_state = carry
            model = nnx.merge(self.graphdef, params)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(nnx.state(model), updates)
            self.logger.latest = nnx.merge(self.graphdef, params)
            return (params, opt_state), loss

        self.carry, losses = jax.lax.scan(step, self.carry, (xs, ys))
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 2))
    ys = jnp.sin(xs[..., :1]) + xs[..., 1:]
    trainer = Trainer(Model(nnx.Rngs(0)))
    losses = trainer.train(xs, ys)
    test_pred = trainer.logger.latest(jnp.ones((1, 2)))
    return None
