# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "accumulated" in "/" because collection "wear" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 ShiftReplayer.callbacks list -> BeltWearHook.on_step -> hook.model.apply(hook.variables, method=update_wear) writing the 'wear' collection, called from the scan body
"""Mining conveyor monitoring: a replay of a shift's idler-bearing temperatures and belt
speed runs through a wear model; callbacks observe every step of the replay."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class BeltWearModel(nn.Module):
    idlers: int = 6

    def setup(self):
        self.encoder = nn.Dense(self.idlers)
        self.wear = self.variable("wear", "accumulated", jnp.zeros, (self.idlers,))

    def __call__(self, reading):
        return nn.sigmoid(self.encoder(reading))

    def update_wear(self, reading):
        stress = nn.relu(self.encoder(reading))
        self.wear.value = self.wear.value + stress
        return stress


class Callback:
    def on_step(self, step, reading):
        return jnp.zeros(())


class BeltWearHook(Callback):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def on_step(self, step, reading):
        stress = self.model.apply(self.variables, reading, method=BeltWearModel.update_wear)
        return jnp.max(stress)


class ShiftReplayer:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def replay(self, readings):
        def step(i, reading):
            risk = self.model.apply(self.variables, reading)
            hooked = sum(cb.on_step(i, reading) for cb in self.callbacks)
            return i + 1, (jnp.max(risk), hooked)

        return scan(step, 0, readings)


def main():
    readings = jax.random.normal(jax.random.key(41), (16, 4))
    model = BeltWearModel()
    variables = model.init(jax.random.key(42), readings[0])
    replayer = ShiftReplayer(model, variables, [Callback(), BeltWearHook(model, variables)])
    replayer.replay(readings)
    return None
