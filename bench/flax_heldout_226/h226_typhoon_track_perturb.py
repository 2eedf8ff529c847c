# label: same-values
# flax-error: none
# class: 1 TrackEnsemble.__call__ runs the scan itself and calls self.make_rng("perturb") inside the body for each lead time's steering perturbation
"""Typhoon track ensembles: a steering-flow model advances a storm centre with stochastic perturbations."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class TrackEnsemble(nn.Module):
    members: int = 5
    lead_times: int = 8
    spread_km: float = 35.0

    def setup(self):
        self.steering = nn.Dense(2, name="steering")
        self.encoder = nn.Dense(16, name="environment")

    def __call__(self, genesis, environment):
        context = nn.tanh(self.encoder(environment))
        first_motion = self.steering(context)

        def advance(position, lead):
            noise = jax.random.normal(self.make_rng("perturb"), (self.members, 2))
            perturbation = self.spread_km * noise
            motion = self.steering(context) + 0.01 * lead
            return position + motion + perturbation, perturbation

        start = jnp.broadcast_to(genesis + first_motion, (self.members, 2))
        final, perturbations = lax.scan(advance, start, jnp.arange(self.lead_times, dtype=jnp.float32))
        return final, perturbations


def main():
    model = TrackEnsemble()
    genesis = jnp.array([128.4, 14.2])
    environment = jax.random.normal(jax.random.key(0), (12,))
    variables = model.init({"params": jax.random.key(1), "perturb": jax.random.key(2)}, genesis, environment)
    _, perturbations = model.apply(variables, genesis, environment, rngs={"perturb": jax.random.key(3)})
    return perturbations
