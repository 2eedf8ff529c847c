# label: same-values
# flax-error: none
# class: 3 a policy bound with model.bind(variables, rngs=...) is kept on the controller; its explore() calls make_rng inside a raw lax.fori_loop
"""Smart-thermostat controller: during the commissioning week the heating policy explores by
adding Gaussian noise to its setpoint offsets; the noise schedule is precomputed per day."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class HeatingPolicy(nn.Module):
    actions: int = 2
    scale: float = 0.3

    @nn.compact
    def __call__(self, obs):
        return nn.tanh(nn.Dense(self.actions)(nn.relu(nn.Dense(16)(obs))))

    def explore(self, obs):
        action = self(obs)
        return self.scale * jax.random.normal(self.make_rng('explore'), action.shape)


class CommissioningController:
    def __init__(self, variables, seed, steps_per_day=12):
        self.policy = HeatingPolicy().bind(variables, rngs={'explore': jax.random.key(seed)})
        self.steps_per_day = steps_per_day

    def noise_schedule(self, obs):
        buf = jnp.zeros((self.steps_per_day, self.policy.actions))

        def fill(i, buf):
            return buf.at[i].set(self.policy.explore(obs))

        return jax.lax.fori_loop(0, self.steps_per_day, fill, buf)


def main():
    obs = jnp.array([19.0, 0.4, 1.0, 0.0])
    variables = HeatingPolicy().init(jax.random.key(0), obs)
    controller = CommissioningController(variables, seed=11)
    return controller.noise_schedule(obs)
