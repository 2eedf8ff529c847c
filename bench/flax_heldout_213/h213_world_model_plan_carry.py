# label: ok
# flax-error: none
# class: 1 the world model's own imagine method runs the scan with the latent in the carry and writes 'memory' after the loop
"""Recurrent world model used for random-shooting planning.

Twin of h213_world_model_plan: the latent is the scan carry, starting from the 'memory'
variable, and the memory is written once with the final latent after the scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class WorldModel(nn.Module):
    latent: int = 16

    def setup(self):
        self.act_embed = nn.Dense(self.latent)
        self.cell = nn.GRUCell(features=self.latent)
        self.reward_head = nn.Dense(1)
        self.memory = self.variable("memory", "h", jnp.zeros, (self.latent,))

    def __call__(self, action):
        h, _ = self.cell(self.memory.value, self.act_embed(action))
        return self.reward_head(h)

    def imagine(self, actions):
        def step(h, action):
            h, _ = self.cell(h, self.act_embed(action))
            return h, self.reward_head(h)[0]

        h_final, rewards = jax.lax.scan(step, self.memory.value, actions)
        self.memory.value = h_final
        return rewards


def main():
    model = WorldModel()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros(2))
    plans = jax.random.uniform(jax.random.PRNGKey(1), (4, 8, 2), minval=-1.0, maxval=1.0)
    returns = []
    for plan in plans:
        rewards, state = model.apply(variables, plan, method=WorldModel.imagine, mutable=["memory"])
        returns.append(rewards.sum() + 0.0 * state["memory"]["h"].sum())
    best = int(jnp.argmax(jnp.stack(returns)))
    print("best plan", best)
