# label: ok
# flax-error: none
# class: 4 fori_loop body calls a module-level jax.jit TD update that applies the global Q network to online and target params
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class QNetwork(nn.Module):
    num_actions: int = 3

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(self.num_actions)(h)


q_net = QNetwork()
GAMMA, LR, TAU = 0.95, 0.05, 0.1


@jax.jit
def td_update(online, target, batch):
    obs, actions, rewards, next_obs = batch

    def loss_fn(params):
        q = jnp.take_along_axis(q_net.apply(params, obs), actions[:, None], axis=1)[:, 0]
        next_q = q_net.apply(target, next_obs).max(axis=-1)
        return jnp.mean((q - (rewards + GAMMA * next_q)) ** 2)

    grads = jax.grad(loss_fn)(online)
    online = jax.tree.map(lambda p, g: p - LR * g, online, grads)
    target = optax.incremental_update(online, target, TAU)
    return online, target


def train(online, target, replay, num_updates):
    def body(i, carry):
        online, target = carry
        batch = jax.tree.map(lambda b: b[i % b.shape[0]], replay)
        return td_update(online, target, batch)

    return jax.lax.fori_loop(0, num_updates, body, (online, target))


def main():
    k = jax.random.split(jax.random.key(0), 4)
    replay = (jax.random.normal(k[0], (5, 16, 4)), jax.random.randint(k[1], (5, 16), 0, 3),
              jax.random.normal(k[2], (5, 16)), jax.random.normal(k[3], (5, 16, 4)))
    online = q_net.init(jax.random.key(1), replay[0][0])
    target = jax.tree.map(jnp.copy, online)
    online, target = train(online, target, replay, 10)
    jax.tree.map(lambda a: a + 0, target)
    return None
