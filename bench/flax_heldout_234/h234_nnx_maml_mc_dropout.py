# label: same-values
# flax-error: none
# class: 4 the while_loop body clones task.learner.model, dropout rngs included, and runs the clone in training mode for each Monte Carlo pass
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class DropoutRegressor(nnx.Module):
    def __init__(self, hidden, rate, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, hidden, rngs=rngs)
        self.drop1 = nnx.Dropout(rate, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.drop2 = nnx.Dropout(rate, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        x = self.drop1(nnx.relu(self.l1(x)))
        x = self.drop2(nnx.relu(self.l2(x)))
        return self.out(x)


class Learner:
    def __init__(self, model):
        self.model = model


class Task:
    def __init__(self, learner, query_x):
        self.learner = learner
        self.query_x = query_x

    def mc_dropout_predictions(self, num_passes=6):
        preds = jnp.zeros((num_passes,) + self.query_x.shape)

        def cond(state):
            return state[0] < num_passes

        def body(state):
            i, preds = state
            model = nnx.clone(self.learner.model)
            model.train()
            return i + 1, preds.at[i].set(model(self.query_x))

        _, preds = while_loop(cond, body, (0, preds))
        return preds


def main():
    model = DropoutRegressor(32, 0.3, nnx.Rngs(params=0, dropout=1))
    task = Task(Learner(model), jnp.linspace(-3.0, 3.0, 5)[:, None])
    return task.mc_dropout_predictions()
