# label: ok
# flax-error: none
# class: 3 the simulator owns an nnx.Rngs with a 'noise' stream; one key is drawn before the loop and split into per-visit keys passed as xs
"""Clinical-trial simulator: roll out an NNX patient-response model over scheduled visits."""
import jax
import jax.numpy as jnp
from flax import nnx


class PatientModel(nnx.Module):
    def __init__(self, markers, *, rngs):
        self.dyn = nnx.Linear(markers + 1, markers, rngs=rngs)

    def __call__(self, state, dose):
        return nnx.tanh(self.dyn(jnp.concatenate([state, dose], -1)))


class PatientCohort:
    def __init__(self, model, rngs, noise_scale=0.05):
        self.model = model
        self.rngs = rngs
        self.noise_scale = noise_scale

    def visit_keys(self, n):
        return jax.random.split(self.rngs.noise(), n)

    def visit_noise(self, key, shape):
        return self.noise_scale * jax.random.normal(key, shape)


class TrialSimulator:
    def __init__(self, cohort):
        self.cohort = cohort

    def rollout(self, state0, doses):
        keys = self.cohort.visit_keys(doses.shape[0])

        def visit(state, inputs):
            dose, key = inputs
            eps = self.cohort.visit_noise(key, state.shape)
            return self.cohort.model(state, dose) + eps, eps

        _, eps = jax.lax.scan(visit, state0, (doses, keys))
        return eps


def main():
    rngs = nnx.Rngs(params=0, noise=11)
    cohort = PatientCohort(PatientModel(4, rngs=rngs), rngs)
    sim = TrialSimulator(cohort)
    doses = jnp.linspace(0.0, 2.0, 10)[:, None, None] * jnp.ones((10, 5, 1))
    return sim.rollout(jnp.zeros((5, 4)), doses)
