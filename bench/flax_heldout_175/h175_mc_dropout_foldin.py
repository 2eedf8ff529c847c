# label: ok
# flax-error: none
# class: 3 the dropout key is an attribute of the Evaluator object, folded with the sample index inside the scan body
"""Monte-Carlo dropout: run the classifier N times with dropout on to get an uncertainty estimate."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(64)(x))
        x = nn.Dropout(rate=0.5)(x, deterministic=deterministic)
        return nn.Dense(3)(x)


class Evaluator:
    def __init__(self, model, variables, key):
        self.model = model
        self.variables = variables
        self.key = key

    def mc_predict(self, x, num_samples):
        def body(carry, i):
            logits = self.model.apply(
                self.variables,
                x,
                deterministic=False,
                rngs={"dropout": jax.random.fold_in(self.key, i)},
            )
            return carry, jax.nn.softmax(logits)

        _, probs = lax.scan(body, None, jnp.arange(num_samples))
        return probs


def main():
    model = Classifier()
    x = jax.random.normal(jax.random.key(0), (2, 16))
    variables = model.init(jax.random.key(1), x, deterministic=True)
    evaluator = Evaluator(model, variables, jax.random.key(2))
    probs = evaluator.mc_predict(x, num_samples=8)
    print("predictive std", probs.std(axis=0).mean())
    return probs


if __name__ == "__main__":
    main()
