# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "turns" in "/" because collection "cellar_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables local of age_batch goes into the fori_loop body directly and is applied there to a model that counts turns in its cellar_log collection
"""Rind firmness projection for cheese wheels over their weeks in the cellar."""
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen


class RindModel(linen.Module):
    traits: int = 2

    @linen.compact
    def __call__(self, wheel):
        turns = self.variable("cellar_log", "turns", lambda: jnp.zeros((), jnp.int32))
        firmness = linen.Dense(self.traits, name="firmness")(wheel)
        turns.value += 1
        return linen.sigmoid(firmness)


def load_model(seed: int, wheel):
    model = RindModel()
    return model, model.init(jax.random.key(seed), wheel)


def age_batch(model, variables, wheel, weeks: int):
    def week(i, total):
        return total + model.apply(variables, wheel * (1.0 + 0.05 * i))

    return fori_loop(0, weeks, week, jnp.zeros(model.traits)) / weeks


def main():
    wheel = jnp.array([0.4, 0.55, 0.3], dtype=jnp.float32)
    model, variables = load_model(4, wheel)
    profile = age_batch(model, variables, wheel, weeks=6)
    jax.block_until_ready(profile)
    return None
