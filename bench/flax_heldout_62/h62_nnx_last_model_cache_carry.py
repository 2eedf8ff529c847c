# label: ok
# flax-error: none
# class: 5 the scan carries the model and optimizer state; after the loop the trainer writes it back with nnx.update and the evaluator scores self.model
"""NNX trainer with a best-checkpoint evaluator: the scan-based epoch carries the state and the
trainer writes it back into its model before the evaluator scores it."""
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
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        self.latest_model = self.model
        return self.evaluator.score(self.latest_model)


def main():
    model = Net(rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    evaluator = CheckpointEvaluator(xs[0], ys[0])
    Trainer(model, optax.adam(1e-2), evaluator).epoch(xs, ys)
    return None
