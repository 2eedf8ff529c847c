# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 TurbineSim.controller is a GymStyleAdapter whose PolicyHandle applies the Linen policy in training mode (BatchNorm updating batch_stats) inside the fori_loop
"""Wind-turbine blade pitch control, replayed in a lightweight simulator.

The simulator expects a controller with the signature (sim_state, obs) -> (sim_state,
action); the learned policy only knows obs -> action, so an adapter sits in between.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class PitchPolicy(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, obs, train: bool):
        h = nn.Dense(self.hidden)(obs)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return jnp.tanh(nn.Dense(1)(nn.relu(h)))[:, 0]


class PolicyHandle:
    """obs -> action, with the variables and the mode fixed at load time."""

    def __init__(self, model: PitchPolicy, variables, train: bool):
        self.model = model
        self.variables = variables
        self.train = train

    def act(self, obs):
        return self.model.apply(self.variables, obs, self.train)


class GymStyleAdapter:
    """(sim_state, obs) -> (sim_state, action) on top of a PolicyHandle."""

    def __init__(self, handle: PolicyHandle):
        self.handle = handle

    def __call__(self, sim_state, obs):
        action = self.handle.act(obs[None, :])[0]
        return sim_state + jnp.abs(action), action


class TurbineSim:
    def __init__(self, controller, rated_speed: float = 1.0):
        self.controller = controller
        self.rated_speed = rated_speed

    def rollout(self, wind, n_steps: int):
        def body(i, carry):
            pitch_travel, rotor = carry
            obs = jnp.stack([rotor - self.rated_speed, wind[i], jnp.sin(0.1 * i)])
            pitch_travel, pitch = self.controller(pitch_travel, obs)
            rotor = rotor + 0.05 * (wind[i] - 8.0 * pitch - rotor)
            return pitch_travel, rotor

        return lax.fori_loop(0, n_steps, body, (jnp.zeros(()), jnp.ones(())))


def main():
    wind = 1.0 + 0.3 * jax.random.normal(jax.random.key(0), (40,))
    model = PitchPolicy()
    variables = model.init(jax.random.key(1), jnp.zeros((2, 3)), False)
    handle = PolicyHandle(model, variables, train=True)
    sim = TurbineSim(GymStyleAdapter(handle))
    travel, rotor = sim.rollout(wind, n_steps=40)
    print("pitch travel", float(travel), "final rotor speed", float(rotor))
    return None
