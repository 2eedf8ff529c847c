# label: ok
# flax-error: none
# class: 1 EpsGreedyActor.rollout runs the scan itself, threading its own 'schedule' step through the carry and writing it back after the loop
import jax
from jax import numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


class EpsGreedyActor(nn.Module):
    num_actions: int
    eps_start: float = 0.9
    eps_end: float = 0.1
    decay_steps: int = 50

    def setup(self):
        self.q_net = nn.Sequential([nn.Dense(32), nn.relu, nn.Dense(self.num_actions)])
        self.step_count = self.variable('schedule', 'step', jnp.zeros, (), jnp.int32)

    def __call__(self, obs):
        return self.q_net(obs)

    def epsilon(self, step):
        frac = jnp.minimum(step / self.decay_steps, 1.0)
        return self.eps_start + frac * (self.eps_end - self.eps_start)

    def rollout(self, obs, num_steps):
        def body(t, _):
            explore_key, action_key = jax.random.split(jax.random.fold_in(self.make_rng('explore'), t))
            greedy = jnp.argmax(self.q_net(obs), axis=-1)
            random_action = jax.random.randint(action_key, greedy.shape, 0, self.num_actions)
            explore = jax.random.uniform(explore_key, greedy.shape) < self.epsilon(t)
            return t + 1, jnp.where(explore, random_action, greedy)

        final_step, actions = scan(body, self.step_count.value, None, length=num_steps)
        self.step_count.value = final_step
        return actions


def main():
    actor = EpsGreedyActor(num_actions=3)
    obs = jnp.array([[0.2, -0.4, 0.6, 0.0]])
    variables = actor.init(jax.random.key(0), obs)
    params = variables['params']
    schedule = variables['schedule']
    rollouts = []
    for episode in range(2):
        actions, updates = actor.apply({'params': params, 'schedule': schedule}, obs, 6,
                                       method=EpsGreedyActor.rollout,
                                       rngs={'explore': jax.random.key(10 + episode)},
                                       mutable=['schedule'])
        schedule = updates['schedule']
        rollouts.append(actions)
    return jnp.concatenate(rollouts, axis=0)
