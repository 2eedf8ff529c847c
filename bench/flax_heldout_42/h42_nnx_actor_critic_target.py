# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the learner's scan body merges actor and critic from the carried state and hard-copies the critic to self.target_critic with nnx.clone; the copy is called after the loop
"""Actor-critic learner (NNX) with a hard-updated target critic.

`ActorCriticLearner.update` runs several gradient steps per call with a raw
`jax.lax.scan`. Actor, critic and their optimizers are threaded through the scan carry
via split/merge. At the end of the step the target critic is refreshed from the online
critic so the next TD targets use the latest weights.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Actor(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.mu = nnx.Linear(32, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.mu(nnx.relu(self.l1(obs))))


class Critic(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs):
        self.l1 = nnx.Linear(obs_dim + act_dim, 32, rngs=rngs)
        self.q = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, obs, act):
        return self.q(nnx.relu(self.l1(jnp.concatenate([obs, act], -1))))[..., 0]


@dataclasses.dataclass
class ACConfig:
    obs_dim: int = 3
    act_dim: int = 2
    gamma: float = 0.98
    actor_lr: float = 1e-3
    critic_lr: float = 1e-3


class ActorCriticLearner:
    def __init__(self, cfg: ACConfig, seed=0):
        rngs = nnx.Rngs(seed)
        self.cfg = cfg
        self.actor = Actor(cfg.obs_dim, cfg.act_dim, rngs)
        self.critic = Critic(cfg.obs_dim, cfg.act_dim, rngs)
        self.target_critic = nnx.clone(self.critic)
        self.actor_opt = nnx.Optimizer(self.actor, optax.adam(cfg.actor_lr), wrt=nnx.Param)
        self.critic_opt = nnx.Optimizer(self.critic, optax.adam(cfg.critic_lr), wrt=nnx.Param)

    def update(self, batches):
        objs = (self.actor, self.critic, self.actor_opt, self.critic_opt)
        graphdef, state = nnx.split(objs)
        target = self.target_critic
        gamma = self.cfg.gamma

        def step(state, batch):
            actor, critic, actor_opt, critic_opt = nnx.merge(graphdef, state)
            obs, act, rew, next_obs = batch
            next_q = target(next_obs, actor(next_obs))
            td_target = jax.lax.stop_gradient(rew + gamma * next_q)

            def critic_loss(critic):
                return jnp.mean((critic(obs, act) - td_target) ** 2)

            c_loss, c_grads = nnx.value_and_grad(critic_loss)(critic)
            critic_opt.update(critic, c_grads)

            def actor_loss(actor):
                return -jnp.mean(critic(obs, actor(obs)))

            a_loss, a_grads = nnx.value_and_grad(actor_loss)(actor)
            actor_opt.update(actor, a_grads)

            self.target_critic = nnx.clone(critic)
            return nnx.state((actor, critic, actor_opt, critic_opt)), (c_loss, a_loss)

        state, losses = jax.lax.scan(step, state, batches)
        nnx.update(objs, state)
        return losses

    def td_errors(self, batch):
        obs, act, rew, next_obs = batch
        next_q = self.target_critic(next_obs, self.actor(next_obs))
        return rew + self.cfg.gamma * next_q - self.critic(obs, act)


def main():
    cfg = ACConfig()
    learner = ActorCriticLearner(cfg)
    k = jax.random.split(jax.random.PRNGKey(0), 4)
    T, B = 4, 8
    batches = (
        jax.random.normal(k[0], (T, B, cfg.obs_dim)),
        jax.random.uniform(k[1], (T, B, cfg.act_dim), minval=-1, maxval=1),
        jax.random.normal(k[2], (T, B)),
        jax.random.normal(k[3], (T, B, cfg.obs_dim)),
    )
    learner.update(batches)
    learner.td_errors(jax.tree.map(lambda a: a[0], batches)).block_until_ready()
    return None
