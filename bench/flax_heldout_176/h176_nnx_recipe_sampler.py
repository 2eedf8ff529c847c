# label: same-values
# flax-error: none
# class: 2 the request handler draws one exploration key from the policy's nnx.Rngs into a local, and the scan body perturbs every round's scores with that local key
"""Recipe recommendation service: exploration rounds.

A request carries the user's pantry embedding and options; the service runs several
recommendation rounds and perturbs the policy scores with Gumbel noise so that users also
see recipes outside their usual cuisine.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class RecommendRequest:
    user_id: int
    rounds: int = 5
    temperature: float = 0.5


class RecipePolicy(nnx.Module):
    def __init__(self, pantry_dims, recipes, rngs: nnx.Rngs):
        self.score = nnx.Linear(pantry_dims, recipes, rngs=rngs)
        self.rngs = rngs

    def __call__(self, pantry):
        return self.score(pantry)


class RecipeService:
    def __init__(self, policy):
        self.policy = policy

    def handle(self, request, pantry):
        """Returns the exploration noise of every round, which the audit log keeps."""
        scores = self.policy(pantry) / request.temperature
        key = self.policy.rngs.explore()

        def body(seen, round_index):
            noise = jax.random.gumbel(key, scores.shape)
            pick = jnp.argmax(scores + noise - 10.0 * seen)
            return seen.at[pick].set(1.0), noise

        _, exploration_log = lax.scan(body, jnp.zeros_like(scores), jnp.arange(request.rounds))
        return exploration_log


def main():
    policy = RecipePolicy(12, 30, nnx.Rngs(params=0, explore=1))
    pantry = jax.random.uniform(jax.random.key(5), (12,))
    service = RecipeService(policy)
    return service.handle(RecommendRequest(user_id=42), pantry)
