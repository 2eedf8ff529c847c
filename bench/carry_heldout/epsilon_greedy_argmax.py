# label: ok
# jax-error: none
# class: 1 epsilon-greedy bandit stores jnp.where(explore, random_arm, jnp.argmax(q)) (both int32)
import jax
import jax.numpy as jnp


def main():
    q = jnp.array([0.1, 0.5, 0.3])
    keys = jax.random.split(jax.random.PRNGKey(5), 8)

    def pull(last_arm, key):
        k1, k2 = jax.random.split(key)
        explore = jax.random.uniform(k1) < 0.1
        arm = jnp.where(explore, jax.random.randint(k2, (), 0, 3), jnp.argmax(q))
        return arm, q[last_arm]

    arm, rewards = jax.lax.scan(pull, jnp.int32(0), keys)
    return rewards
