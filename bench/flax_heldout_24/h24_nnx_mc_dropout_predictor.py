# label: same-values
# flax-error: none
# class: 4 a factory builds a jitted predictor; its raw lax.scan body calls predict_once, which merges the split model and passes nnx.Rngs(dropout=seed), rebuilt from the factory's seed, to the dropout layer
# modelled on: google/flax docs "Randomness" (model(x, rngs=rngs) passing Rngs to nnx.Dropout at call time) and kelechi-c/microdit_jax model.py (nnx.Rngs(config.seed))
"""MC-dropout predictive distribution for a small NNX regressor."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, deterministic=False)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs: nnx.Rngs | None = None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


def make_mc_predictor(model: Regressor, num_samples: int, seed: int):
    graphdef, params = nnx.split(model)

    def predict_once(x):
        m = nnx.merge(graphdef, params)
        return m(x, rngs=nnx.Rngs(dropout=seed))

    @jax.jit
    def predict(x):
        def body(carry, _):
            return carry, predict_once(x)

        _, samples = jax.lax.scan(body, None, None, length=num_samples)
        return samples

    return predict


def main():
    model = Regressor(rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (10, 4))
    predict = make_mc_predictor(model, num_samples=6, seed=123)
    samples = predict(x)
    print(samples.mean(0).shape, float(samples.std(0).mean()))
    return samples
