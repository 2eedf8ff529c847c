# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "edge_norm" in "/edge" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a runner object stores the model and variables in __init__; its bound-method fori_loop body applies a method whose edge layer updates a 'stats' variable, nothing mutable
import jax
import jax.numpy as jnp
import flax.linen as nn


class EdgeMessage(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, h):
        msg = nn.silu(nn.Dense(self.width)(h))
        norm = self.variable("stats", "edge_norm", jnp.zeros, ())
        norm.value = 0.9 * norm.value + 0.1 * jnp.mean(jnp.abs(msg))
        return msg


class MolNet(nn.Module):
    def setup(self):
        self.edge = EdgeMessage()
        self.energy = nn.Dense(1)

    def message_round(self, h):
        return h + self.edge(h)

    def readout(self, h):
        return self.energy(h.sum(0))[0]

    def __call__(self, h):
        return self.readout(self.message_round(h))


class MoleculeRunner:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def _round(self, i, h):
        return self.model.apply(self.variables, h, method=MolNet.message_round)

    def energy(self, h):
        h = jax.lax.fori_loop(0, 3, self._round, h)
        return self.model.apply(self.variables, h, method=MolNet.readout)


def main():
    h = jnp.ones((5, 8))
    model = MolNet()
    variables = model.init(jax.random.key(0), h)
    float(MoleculeRunner(model, variables).energy(h))
    return None
