# label: ok
# flax-error: none
# class: 2 the evaluator splits a key carried through the scan and applies the model with a fresh rngs={"noise": ...} each step
"""Robustness evaluator: score a classifier under input-noise augmentation over many rounds."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NoisyClassifier(nn.Module):
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x):
        noise = self.sigma * jax.random.normal(self.make_rng("noise"), x.shape)
        logits = nn.Dense(3)(nn.relu(nn.Dense(16)(x + noise)))
        return logits, noise


class RobustnessEvaluator:
    def __init__(self, model, variables, seed=0):
        self.model = model
        self.variables = variables
        self.key = jax.random.PRNGKey(seed)

    def evaluate(self, x, labels, rounds=5):
        def body(carry, _):
            correct, key = carry
            key, noise_key = jax.random.split(key)
            logits, noise = self.model.apply(self.variables, x, rngs={"noise": noise_key})
            correct = correct + jnp.sum(jnp.argmax(logits, -1) == labels)
            return (correct, key), noise

        (correct, _), noises = jax.lax.scan(body, (jnp.zeros((), jnp.int32), self.key), None, length=rounds)
        return correct, noises


def main():
    model = NoisyClassifier()
    x = jax.random.normal(jax.random.PRNGKey(1), (4, 6))
    labels = jnp.array([0, 1, 2, 0])
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(9)}, x)
    evaluator = RobustnessEvaluator(model, variables)
    _, noises = evaluator.evaluate(x, labels)
    return noises

