# label: same-values
# flax-error: none
# class: 1 self.make_rng("explore") is called inline in the scan body of Actor.rollout, reached with apply(method=)
import jax
import jax.numpy as jnp
import flax.linen as nn

N_ACTIONS, OBS, HORIZON = 4, 4, 6


class Actor(nn.Module):
    eps: float = 0.3

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(16, name="hidden")(obs))
        return nn.Dense(N_ACTIONS, name="q")(h)

    def rollout(self, obs0):
        def step(obs, t):
            q = self(obs)
            k_explore, k_act = jax.random.split(self.make_rng("explore"))
            u = jax.random.uniform(k_explore)
            rand_a = jax.random.randint(k_act, (), 0, N_ACTIONS)
            a = jnp.where(u < self.eps, rand_a, jnp.argmax(q))
            next_obs = 0.9 * obs + jax.nn.one_hot(a, N_ACTIONS)
            return next_obs, (u, rand_a)

        _, (u, rand_a) = jax.lax.scan(step, obs0, jnp.arange(HORIZON))
        return u, rand_a


def main():
    actor = Actor()
    obs0 = jnp.zeros((OBS,))
    variables = actor.init(jax.random.key(0), obs0)
    u, rand_a = actor.apply(
        variables, obs0, method=Actor.rollout, rngs={"explore": jax.random.key(7)})
    return {"u": u, "rand_a": rand_a}
