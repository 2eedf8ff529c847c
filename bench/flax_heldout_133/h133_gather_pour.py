# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "heat_log" in "/" because collection "furnace" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body calls self.bound, a read-only model.bind(variables) kept on a PourEvaluator, whose call logs heat into the "furnace" collection
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class GatherFurnace(nn.Module):
    """Predicts the glass temperature after each gather from the furnace."""

    features: int = 6

    @nn.compact
    def __call__(self, glass, log_heat: bool = True):
        heat_log = self.variable("furnace", "heat_log", jnp.zeros, (self.features,))
        h = nn.tanh(nn.Dense(self.features)(glass))
        if log_heat:
            heat_log.value = 0.95 * heat_log.value + 0.05 * h
        return glass + 0.1 * h


class PourEvaluator:
    def __init__(self, model, variables, gathers: int):
        self.bound = model.bind(variables)
        self.gathers = gathers

    def final_temperature(self, glass):
        def gather(i, g):
            return self.bound(g)

        return lax.fori_loop(0, self.gathers, gather, glass)


def main():
    model = GatherFurnace()
    glass = jnp.full((3, 6), 0.4)
    variables = model.init(jax.random.key(1), glass)
    evaluator = PourEvaluator(model, variables, gathers=5)
    out = evaluator.final_temperature(glass)
    jax.block_until_ready(out)
    return None
