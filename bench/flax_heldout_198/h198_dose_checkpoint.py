# label: same-values
# flax-error: none
# class: 5 CohortSimulator wraps its PatientCompartment in jax.checkpoint and calls the wrapper in its own fori_loop body; the compartment draws clearance with make_rng("patient")
"""Pharmacokinetics: a virtual cohort for a dosing regimen; every virtual patient draws its
own clearance and volume, and the simulator reports the area under the concentration curve."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

DOSE_TIMES_H = (0.0, 8.0, 16.0)


class PatientCompartment(nn.Module):
    hours: int = 24

    @nn.compact
    def __call__(self, dose_mg):
        eta = jax.random.normal(self.make_rng("patient"), (2,))
        log_cl, log_v = nn.Dense(2, name="population")(jnp.ones((1,)))
        clearance = jnp.exp(log_cl + 0.3 * eta[0])
        volume = jnp.exp(2.0 + log_v + 0.2 * eta[1])
        t = jnp.arange(self.hours, dtype=jnp.float32)
        conc = jnp.zeros_like(t)
        for t0 in DOSE_TIMES_H:
            elapsed = jnp.maximum(t - t0, 0.0)
            conc = conc + jnp.where(t >= t0, dose_mg / volume * jnp.exp(-clearance / volume * elapsed), 0.0)
        return jnp.sum(conc)


class CohortSimulator(nn.Module):
    n_patients: int = 8

    @nn.compact
    def __call__(self, dose_mg):
        compartment = PatientCompartment()
        simulate_patient = jax.checkpoint(lambda dose: compartment(dose))
        if self.is_initializing():
            compartment(dose_mg)

        def one_patient(i, aucs):
            return aucs.at[i].set(simulate_patient(dose_mg))

        return lax.fori_loop(0, self.n_patients, one_patient, jnp.zeros((self.n_patients,)))


def main():
    model = CohortSimulator()
    variables = model.init({"params": jax.random.key(0), "patient": jax.random.key(1)}, 100.0)
    aucs = model.apply(variables, 100.0, rngs={"patient": jax.random.key(2)})
    return aucs
