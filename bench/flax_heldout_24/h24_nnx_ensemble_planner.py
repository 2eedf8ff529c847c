# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 160 (640 B)
# class: 3 Planner.plan runs a raw lax.scan whose body calls the bound method _predict, which applies nnx.vmap to the ensemble module held on the planner
# modelled on: google/flax docs "NNX 0.10 to NNX 0.11" (nnx.split_rngs + nnx.vmap to build stacked members) and google/flax PR #4333 "[nnx] improve transforms guide"
"""PETS-style planner: score an action sequence under a dynamics ensemble."""
import jax
import jax.numpy as jnp
from flax import nnx


class Member(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, obs, action):
        x = jnp.concatenate([obs, action], -1)
        return obs + 0.1 * self.l2(nnx.swish(self.l1(x)))


@nnx.split_rngs(splits=5)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_ensemble(rngs: nnx.Rngs):
    return Member(rngs=rngs)


class Planner:
    def __init__(self, ensemble):
        self.ensemble = ensemble

    def _predict(self, obs, action):
        step = nnx.vmap(lambda m, o, a: m(o, a), in_axes=(0, 0, None))
        return step(self.ensemble, obs, action)

    def plan(self, obs0, actions):
        obs = jnp.broadcast_to(obs0, (5,) + obs0.shape)

        def body(obs, action):
            obs = self._predict(obs, action)
            return obs, -jnp.sum(obs**2, axis=-1)

        _, rewards = jax.lax.scan(body, obs, actions)
        return rewards.sum(0).mean()


def main():
    ensemble = make_ensemble(nnx.Rngs(0))
    planner = Planner(ensemble)
    obs0 = jnp.array([0.3, -0.2, 1.0])
    print(planner._predict(jnp.broadcast_to(obs0, (5, 3)), jnp.zeros(2)).shape)
    score = planner.plan(obs0, jnp.zeros((7, 2)))
    print(float(score))
    return None
