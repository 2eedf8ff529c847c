# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_mc_predictor returns a closure over the model; its while_loop body calls the model with dropout active
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MCDropoutRegressor(nnx.Module):
    def __init__(self, din, hidden, rate, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.d1 = nnx.Dropout(rate, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.d2 = nnx.Dropout(rate, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        x = self.d1(nnx.relu(self.l1(x)))
        x = self.d2(nnx.relu(self.l2(x)))
        return self.out(x)


def make_mc_predictor(model, num_samples):
    def predict(x):
        def keep_sampling(state):
            return state[0] < num_samples

        def draw(state):
            i, preds = state
            return i + 1, preds.at[i].set(model(x))

        preds = jnp.zeros((num_samples,) + x.shape[:-1] + (1,))
        _, preds = jax.lax.while_loop(keep_sampling, draw, (0, preds))
        return preds

    return predict


def main():
    model = MCDropoutRegressor(2, 16, 0.25, rngs=nnx.Rngs(params=0, dropout=1))
    predict = make_mc_predictor(model, num_samples=6)
    x = jnp.array([[0.5, -1.0], [0.0, 0.0], [2.0, 1.0]])
    samples = predict(x)
    print('predictive std', samples.std(axis=0).ravel())
    return samples
