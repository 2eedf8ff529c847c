# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the world model's own imagine method runs the scan and writes its 'memory' variable in the body
"""Recurrent world model used for random-shooting planning.

imagine() rolls a GRU latent forward over a candidate action sequence with jax.lax.scan and
keeps the latest latent in a 'memory' variable; the planner applies it with
mutable=['memory'] for each candidate plan."""
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
        def step(_, action):
            h, _ = self.cell(self.memory.value, self.act_embed(action))
            self.memory.value = h
            return None, self.reward_head(h)[0]

        _, rewards = jax.lax.scan(step, None, actions)
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
