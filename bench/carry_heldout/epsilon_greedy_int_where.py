# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 epsilon-greedy bandit stores jnp.where(explore, random_arm, q.mean()) into an int32 "last arm" carry
import jax
import jax.numpy as jnp


def main():
    q = jnp.array([0.1, 0.5, 0.3])
    keys = jax.random.split(jax.random.PRNGKey(5), 8)

    def pull(last_arm, key):
        k1, k2 = jax.random.split(key)
        explore = jax.random.uniform(k1) < 0.1
        arm = jnp.where(explore, jax.random.randint(k2, (), 0, 3), q.mean())
        return arm, q[last_arm]

    arm, rewards = jax.lax.scan(pull, jnp.int32(0), keys)
    return rewards
