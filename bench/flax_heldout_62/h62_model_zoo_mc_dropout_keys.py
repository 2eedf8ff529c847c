# label: ok
# flax-error: none
# class: 3 a model zoo returns (model, variables); an MC-dropout predictor splits its rng into one key per sample and scans over the keys
"""Monte-Carlo dropout uncertainty: a model zoo builds and initialises a named model, and a
predictor draws several stochastic forward passes with lax.scan, one dropout key per pass."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.2

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


ZOO = {
    "mlp-small": lambda: DropoutMLP(hidden=16),
    "mlp-base": lambda: DropoutMLP(hidden=32),
}


def load_model(name, key, sample_input):
    model = ZOO[name]()
    variables = model.init(key, sample_input)
    return model, variables


class MCDropoutPredictor:
    def __init__(self, model, variables, rng, num_samples=8):
        self.apply_fn = model.apply
        self.variables = variables
        self.rng = rng
        self.num_samples = num_samples

    def sample(self, x):
        def body(carry, key):
            y = self.apply_fn(self.variables, x, deterministic=False, rngs={"dropout": key})
            return carry, y

        keys = jax.random.split(self.rng, self.num_samples)
        _, samples = jax.lax.scan(body, None, keys)
        return samples


def main():
    x = jax.random.normal(jax.random.key(0), (4, 3))
    model, variables = load_model("mlp-small", jax.random.key(1), x)
    predictor = MCDropoutPredictor(model, variables, jax.random.key(2))
    return predictor.sample(x)
