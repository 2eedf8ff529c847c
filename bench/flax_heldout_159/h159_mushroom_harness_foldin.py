# label: ok
# flax-error: none
# class: 4 the evaluation harness's while_loop body calls its predictor's sample, which applies the model with the predictor's key folded with the pass index
"""Mushroom species classifier: an evaluation harness scoring Monte-Carlo dropout passes with several metrics."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SporePrintClassifier(nn.Module):
    species: int = 5

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(24)(x))
        h = nn.Dropout(0.4, deterministic=deterministic)(h)
        return nn.softmax(nn.Dense(self.species)(h))


class Predictor:
    def __init__(self, model, params, seed):
        self.model = model
        self.params = params
        self.rng = jax.random.key(seed)

    def sample(self, x, pass_index):
        return self.model.apply({"params": self.params}, x, deterministic=False, rngs={"dropout": jax.random.fold_in(self.rng, pass_index)})


def entropy(probs):
    return -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1).mean()


def agreement(probs):
    votes = jnp.argmax(probs, axis=-1)
    return jnp.mean(votes == votes[0])


class EvalHarness:
    metrics = {"entropy": entropy, "agreement": agreement, "confidence": lambda p: p.max(-1).mean()}

    def __init__(self, predictor, passes):
        self.predictor = predictor
        self.passes = passes

    def mc_passes(self, x):
        buf = jnp.zeros((self.passes, x.shape[0], 5))

        def cond(state):
            return state[0] < self.passes

        def body(state):
            i, buf = state
            return i + 1, buf.at[i].set(self.predictor.sample(x, i))

        _, buf = lax.while_loop(cond, body, (0, buf))
        return buf

    def evaluate(self, x):
        probs = self.mc_passes(x)
        mean_probs = probs.mean(axis=0)
        return probs, {name: fn(mean_probs) for name, fn in self.metrics.items()}


def main():
    model = SporePrintClassifier()
    x = jax.random.normal(jax.random.key(9), (6, 10))
    params = model.init(jax.random.key(0), x)["params"]
    probs, scores = EvalHarness(Predictor(model, params, seed=4), passes=4).evaluate(x)
    return probs
