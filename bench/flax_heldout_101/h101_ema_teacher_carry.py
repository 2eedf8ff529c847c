# label: ok
# flax-error: none
# class: 2 the teacher's EMA params travel through the fori_loop carry next to the student params
"""Mean-teacher style training: student trained with SGD, teacher is an EMA of the student."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(32)(x))
        return nn.Dense(3)(x)


def main():
    net = Net()
    xs = jax.random.normal(jax.random.PRNGKey(1), (16, 8, 6))
    ys = jax.random.randint(jax.random.PRNGKey(2), (16, 8), 0, 3)
    params = net.init(jax.random.PRNGKey(0), xs[0])['params']
    teacher = {'params': params}
    decay, lr = 0.99, 0.1

    def loss_fn(p, x, y):
        logits = net.apply({'params': p}, x)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))

    def train_step(i, state):
        student, teacher_params = state
        grads = jax.grad(loss_fn)(student, xs[i], ys[i])
        student = jax.tree_util.tree_map(lambda p, g: p - lr * g, student, grads)
        teacher_params = jax.tree_util.tree_map(
            lambda t, s: decay * t + (1 - decay) * s, teacher_params, student)
        return student, teacher_params

    student, teacher['params'] = lax.fori_loop(0, xs.shape[0], train_step, (params, teacher['params']))
    teacher_logits = net.apply({'params': teacher['params']}, xs[0])
    student_logits = net.apply({'params': student}, xs[0])
    print(jnp.abs(teacher_logits - student_logits).mean())
    return None
