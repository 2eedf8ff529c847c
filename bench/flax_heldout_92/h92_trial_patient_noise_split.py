# label: ok
# flax-error: none
# class: 4 the patient model's rollout method runs a raw lax.scan over per-visit keys split from one self.make_rng call before the loop
"""Clinical-trial simulator: roll out a patient response model over visits with stochastic biomarker noise."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PatientDynamics(nn.Module):
    markers: int = 4

    @nn.compact
    def __call__(self, state, dose):
        return nn.tanh(nn.Dense(self.markers)(jnp.concatenate([state, dose])))

    def rollout_noise(self, state0, doses):
        keys = jax.random.split(self.make_rng("visit"), doses.shape[0])

        def visit(state, inputs):
            dose, key = inputs
            eps = 0.05 * jax.random.normal(key, state.shape)
            state = self(state, dose) + eps
            return state, eps

        _, eps = jax.lax.scan(visit, state0, (doses, keys))
        return eps


class TrialArm:
    def __init__(self, name, model, variables):
        self.name = name
        self.model = model
        self.variables = variables

    def simulate(self, state0, doses, seed):
        return self.model.apply(self.variables, state0, doses, rngs={"visit": jax.random.key(seed)},
                                method=PatientDynamics.rollout_noise)


class TrialSimulator:
    def __init__(self, arms):
        self.arms = {arm.name: arm for arm in arms}

    def run(self, arm, state0, doses, seed=0):
        return self.arms[arm].simulate(state0, doses, seed)


def main():
    model = PatientDynamics()
    state0 = jnp.zeros((4,))
    doses = jnp.linspace(0.0, 1.0, 12)[:, None]
    variables = model.init(jax.random.key(0), state0, doses[0])
    sim = TrialSimulator([TrialArm("placebo", model, variables), TrialArm("high", model, variables)])
    return sim.run("high", state0, doses, seed=3)
