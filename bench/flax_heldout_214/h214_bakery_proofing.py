# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "minutes" in "/" because collection "proof_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 proof_until_ready() holds a local model.bind(variables) (immutable) and the while_loop body calls its advance(), which logs proof_log/minutes
"""Bakery proofing: advance a tray of dough in five-minute steps until it has doubled in
volume, and log how long the proof took."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ProofingModel(nn.Module):
    def setup(self):
        self.rise = nn.Dense(1)
        self.minutes = self.variable("proof_log", "minutes", jnp.zeros, ())

    def rate(self, dough):
        return 0.02 + 0.05 * nn.sigmoid(self.rise(dough))[0]

    def advance(self, dough):
        self.minutes.value = self.minutes.value + 5.0
        return dough.at[0].multiply(1.0 + self.rate(dough))

    def __call__(self, dough):
        return self.advance(dough)


def proof_until_ready(model, variables, dough, max_steps=60):
    oven = model.bind(variables)

    def not_ready(state):
        step, tray = state
        return (tray[0] < 2.0) & (step < max_steps)

    def five_minutes(state):
        step, tray = state
        return step + 1, oven.advance(tray)

    steps, tray = lax.while_loop(not_ready, five_minutes, (0, dough))
    return tray, oven.variables["proof_log"]["minutes"]


def main():
    dough = jnp.array([1.0, 26.0, 0.78])  # relative volume, room temp, humidity
    model = ProofingModel()
    variables = model.init(jax.random.key(0), dough)
    proof_until_ready(model, variables, dough)
    return None
