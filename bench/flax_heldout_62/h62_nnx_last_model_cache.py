# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body merges the model from the carried state and stores it on the trainer as latest_model; the checkpoint evaluator uses it after the loop
"""NNX trainer with a best-checkpoint evaluator: the scan-based epoch keeps a handle on the
latest model so the evaluator can score it after the epoch."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class CheckpointEvaluator:
    def __init__(self, x_val, y_val):
        self.x_val, self.y_val = x_val, y_val
        self.best = jnp.inf

    def score(self, model):
        loss = jnp.mean((model(self.x_val) - self.y_val) ** 2)
        self.best = jnp.minimum(self.best, loss)
        return loss


class Trainer:
    def __init__(self, model, tx, evaluator):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.evaluator = evaluator
        self.latest_model = model

    def epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            self.latest_model = model
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        return self.evaluator.score(self.latest_model)


def main():
    model = Net(rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    evaluator = CheckpointEvaluator(xs[0], ys[0])
    Trainer(model, optax.adam(1e-2), evaluator).epoch(xs, ys)
    return None
