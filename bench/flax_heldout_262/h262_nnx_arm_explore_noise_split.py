# label: ok
# flax-error: none
# class: 3 ExplorationSampler.sample splits one key from self.rngs, the sampler's nnx.Rngs 'explore' stream, into per-step keys scanned as xs by lax.scan
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class ReachPolicy(nnx.Module):
    def __init__(self, obs_dim, n_joints, rngs: nnx.Rngs):
        self.fc = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.mu = nnx.Linear(16, n_joints, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.mu(nnx.swish(self.fc(obs))))


class ExplorationSampler:
    def __init__(self, policy, seed, sigma=0.15):
        self.policy = policy
        self.rngs = nnx.Rngs(explore=seed)
        self.sigma = sigma

    def sample(self, obs, horizon):
        obs_seq = jnp.broadcast_to(obs, (horizon,) + obs.shape)
        step_keys = jax.random.split(self.rngs.explore(), horizon)

        def step(carry, inputs):
            o, key = inputs
            mean = self.policy(o)
            noise = jax.random.normal(key, mean.shape)
            return carry, mean + self.sigma * noise

        _, actions = lax.scan(step, None, (obs_seq, step_keys))
        return actions


def observation(joint_pos, target_xyz):
    return jnp.concatenate([jnp.sin(joint_pos), jnp.cos(joint_pos), target_xyz], axis=-1)


def main():
    policy = ReachPolicy(obs_dim=11, n_joints=4, rngs=nnx.Rngs(0))
    sampler = ExplorationSampler(policy, seed=17)
    obs = observation(jnp.array([0.0, 0.4, -0.9, 1.2]), jnp.array([0.3, 0.0, 0.25]))
    return sampler.sample(obs, horizon=5)
